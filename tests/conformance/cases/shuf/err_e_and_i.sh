# check-stderr
shuf -e a -i 1-2; echo "status $?"
