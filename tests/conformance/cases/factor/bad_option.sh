# check-stderr
factor -h; echo "rc=$?"
