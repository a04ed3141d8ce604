sleep 2 & a=$!
sleep 2 & b=$!
[ "$(jobs -p)" = "$a
$b" ] && echo pids
jobs -p | wc -l
[ "$(jobs -p %1)" = "$a" ] && echo first
[ "$(jobs -p %%)" = "$b" ] && echo current
kill $(jobs -p)
wait
echo "left $(jobs -p | wc -l)"
jobs -p %3 2>/dev/null; echo "status $?"
