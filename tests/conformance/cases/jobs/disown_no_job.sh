# check-stderr
disown %3
echo "status=$?"
