# check-stderr
shuf -i 5-1; echo "status $?"
