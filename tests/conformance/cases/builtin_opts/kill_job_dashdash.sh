# check-stderr
sleep 5 &
kill -s TERM -- %1
wait $!
echo "status=$?"
sleep 5 &
kill -TERM -- $!
wait $!
echo "status=$?"
