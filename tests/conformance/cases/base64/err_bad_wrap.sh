# check-stderr
printf 'x' | base64 -w x; echo "status $?"
printf 'x' | base64 -w -1; echo "status $?"
