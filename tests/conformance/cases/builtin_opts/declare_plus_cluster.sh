# check-stderr
declare -ix v=5
declare +ix v
declare -p v
v=2+2
echo "$v"
