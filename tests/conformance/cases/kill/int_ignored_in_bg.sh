sleep 0.3 &
sleep 0.1
kill -INT $!
kill -QUIT $!
wait $!
echo "status $?"
