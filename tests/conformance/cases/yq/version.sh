# sandbash's --version keeps mikefarah yq's wording ("yq (https://github.com/mikefarah/yq/) version v4...") so scripts checking for yq v4 find it
yq --version | grep -c 'mikefarah/yq/) version v4'
