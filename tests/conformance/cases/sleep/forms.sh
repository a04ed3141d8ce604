# check-stderr
sleep 0; echo "[$?]"
sleep 0.01 0.02; echo "[$?]"
sleep 0s 0m 0h 0d; echo "[$?]"
sleep .01; echo "[$?]"
sleep 1e-2; echo "[$?]"
