# check-stderr
export -Q x
echo "status=$?"
export -i x
echo "status=$?"
