# check-stderr
builtin -- echo one
builtin -Q echo
echo "status=$?"
builtin
echo "status=$?"
