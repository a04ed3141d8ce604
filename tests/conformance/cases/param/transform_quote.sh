v="a'b c"
echo ${v@Q}
