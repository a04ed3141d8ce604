# check-stderr
factor abc 12; echo "rc=$?"
