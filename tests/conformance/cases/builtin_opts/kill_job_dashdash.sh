# check-stderr
sleep 5 &
kill -s TERM -- %1
wait %1
echo "status=$?"
sleep 5 &
kill -TERM -- $!
wait $!
echo "status=$?"
