# check-stderr
export ONE=1
export -pn | grep ONE
echo "status=$?"
