# check-stderr
sleep; echo "[$?]"
sleep x; echo "[$?]"
sleep 1x; echo "[$?]"
sleep -1; echo "[$?]"
sleep 1 2s bad; echo "[$?]"
sleep --bogus; echo "[$?]"
