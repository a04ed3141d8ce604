sleep 0.1 &
wait
echo done
(exit 3) &
wait $!
echo $?
