# check-stderr
factor -- -5; echo "rc=$?"
