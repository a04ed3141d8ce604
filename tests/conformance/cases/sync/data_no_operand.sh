# check-stderr
sync --data; echo "[$?]"
