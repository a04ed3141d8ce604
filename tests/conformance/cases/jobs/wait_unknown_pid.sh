# check-stderr
wait 999999
echo "status=$?"
