# check-stderr
true &
fg
echo "status=$?"
