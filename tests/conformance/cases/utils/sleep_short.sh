sleep 0
sleep 0.01
echo ok
