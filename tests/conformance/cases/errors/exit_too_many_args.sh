# check-stderr
exit 1 2
echo "status=$?"
