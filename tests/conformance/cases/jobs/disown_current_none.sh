# check-stderr
disown
echo "status=$?"
