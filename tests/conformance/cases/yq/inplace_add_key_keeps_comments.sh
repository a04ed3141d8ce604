# from mikefarah/yq README ("preserves comments"; -i with a new key)
printf '# config\nimage:\n  repo: app # the repo\nreplicas: 1\n' > v.yml
yq -i '.image.tag = "v2"' v.yml
cat v.yml
