# check-stderr
kill
echo "status=$?"
