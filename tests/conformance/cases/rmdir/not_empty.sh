# check-stderr
mkdir d; touch d/f; rmdir d; echo "status $?"
