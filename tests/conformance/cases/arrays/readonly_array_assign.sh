# check-stderr
declare -ra r=(1 2)
r[0]=5
echo "status=$?"
