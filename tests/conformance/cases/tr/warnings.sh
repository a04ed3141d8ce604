# check-stderr
echo 'a\b' | tr '\' x; echo "status $?"
echo 'a 0' | tr '\400' xy; echo "status $?"
