# check-stderr
date -y; echo "status $?"
