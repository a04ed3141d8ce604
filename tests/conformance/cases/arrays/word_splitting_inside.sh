v="p q"
a=($v "$v")
echo "${#a[@]}"
