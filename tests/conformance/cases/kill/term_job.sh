sleep 10 &
kill $!
wait $!
echo "status $?"
