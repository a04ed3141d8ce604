declare -i n=5
declare +i n
n=2+2
echo "$n"
