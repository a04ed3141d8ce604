# check-stderr
builtin cat /dev/null
echo "status=$?"
