# from mikefarah/yq docs: usage/xml "Parse xml: attributes"
printf '<?xml version="1.0" encoding="UTF-8"?>\n<cat legs="4">\n  <legs>7</legs>\n</cat>\n' > sample.xml
yq -oy '.' sample.xml
