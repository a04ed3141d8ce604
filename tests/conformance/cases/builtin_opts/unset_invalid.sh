# check-stderr
unset -x a
echo "status=$?"
