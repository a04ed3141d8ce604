sleep 0 &
wait
kill %1 2>/dev/null; echo "a $?"
wait %1 2>/dev/null; echo "b $?"
sleep 0.1 &
sleep 0.4
kill %1 2>/dev/null; echo "c $?"
kill $! 2>/dev/null; echo "d $?"
p=$!
wait $p; echo "e $?"
kill $p 2>/dev/null; echo "f $?"
