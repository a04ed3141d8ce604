(exit 3) &
wait -n
echo "first $?"
wait -n
echo "none $?"
sleep 10 &
kill -9 $!
wait -n
echo "killed $?"
