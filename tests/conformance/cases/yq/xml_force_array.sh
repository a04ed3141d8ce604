# from mikefarah/yq docs: usage/xml "Parse xml: force as an array"
echo '<zoo><animal>cat</animal></zoo>' > sample.xml
yq -oy '.zoo.animal |= ([] + .)' sample.xml
