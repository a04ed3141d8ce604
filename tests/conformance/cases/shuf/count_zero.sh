shuf -n 0 -i 1-5; echo "status $?"
