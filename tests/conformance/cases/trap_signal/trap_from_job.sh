trap 'echo usr1' USR1
(sleep 0.2; kill -USR1 $$) &
sleep 3 &
wait $!
echo "wait $?"
