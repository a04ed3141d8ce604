# check-stderr
printf
echo "status=$?"
