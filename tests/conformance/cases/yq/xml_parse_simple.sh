# from mikefarah/yq docs: usage/xml "Parse xml: simple"
printf '<?xml version="1.0" encoding="UTF-8"?>\n<cat>\n  <says>meow</says>\n  <legs>4</legs>\n  <cute>true</cute>\n</cat>\n' > sample.xml
yq -oy '.' sample.xml
