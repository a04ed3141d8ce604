# check-stderr
printf '%y\n' x
echo "status=$?"
