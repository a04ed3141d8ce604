# check-stderr
printf '%d\n' 99999999999999999999
echo "status=$?"
