# check-stderr
printf '123' | basenc --z85; echo "status $?"
