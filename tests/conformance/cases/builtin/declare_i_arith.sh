declare -i n
n=3+4
n+=1
echo "$n"
