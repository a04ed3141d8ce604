# check-stderr
echo a | xargs -n 0 echo; echo "status $?"
