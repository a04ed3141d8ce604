# check-stderr
declare -r c=3
declare +r c
echo "st=$?"
c=4
echo "c=$c"
readonly -p | grep -w c
