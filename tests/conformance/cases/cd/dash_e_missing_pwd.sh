# check-stderr
cd -e /nonexistent-dir; echo "status $?"
cd -P -e .; echo "status $?"
