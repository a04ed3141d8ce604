# check-stderr
kill -s NOPE $$
echo "status=$?"
