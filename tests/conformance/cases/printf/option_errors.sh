# check-stderr
printf -z
echo "status=$?"
printf -v
echo "status=$?"
printf -v 1x foo
echo "status=$?"
printf -v 'b[x' foo
echo "status=$?"
