# from mikefarah/yq docs: usage/convert "Encode json: simple - in one line" (the comment is dropped)
echo 'cat: meow # this is a comment, and it will be dropped.' > sample.yml
yq -o=json -I=0 '.' sample.yml
