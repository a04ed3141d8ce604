# from mikefarah/yq docs: usage/xml "Parse xml: attributes with content"
printf '<?xml version="1.0" encoding="UTF-8"?>\n<cat legs="4">meow</cat>\n' > sample.xml
yq -oy '.' sample.xml
