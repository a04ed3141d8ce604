# check-stderr
true &
bg
echo "status=$?"
wait
