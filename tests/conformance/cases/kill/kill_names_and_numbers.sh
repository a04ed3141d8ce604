sleep 10 & p1=$!
sleep 10 & p2=$!
sleep 10 & p3=$!
kill -s KILL $p1
kill -n 15 $p2
kill -SIGUSR1 $p3
wait $p1; echo "p1 $?"
wait $p2; echo "p2 $?"
wait $p3; echo "p3 $?"
