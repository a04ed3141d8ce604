# check-stderr
touch a b; ln a b; echo "status $?"
