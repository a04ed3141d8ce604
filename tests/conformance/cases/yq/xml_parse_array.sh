# from mikefarah/yq docs: usage/xml "Parse xml: array"
printf '<?xml version="1.0" encoding="UTF-8"?>\n<animal>cat</animal>\n<animal>goat</animal>\n' > sample.xml
yq -oy '.' sample.xml
