true &
pid=$!
wait $pid
echo "status=$?"
(exec sleep 0.2) &
kill -TERM $!
wait $!
echo "killed=$?"
