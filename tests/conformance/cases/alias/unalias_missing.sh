# check-stderr
unalias nope
echo "status=$?"
