# check-stderr
declare -r r=1
r=2
echo "status $? r=$r"
