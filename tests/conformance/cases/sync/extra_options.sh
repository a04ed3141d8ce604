# check-stderr
sync -z; echo "[$?]"
