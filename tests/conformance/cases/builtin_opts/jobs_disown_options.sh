# check-stderr
jobs -Q
echo "status=$?"
disown -Q
echo "status=$?"
true &
wait
jobs -lp
disown -ar
echo "status=$?"
