# check-stderr
date -u -d '2024-02-30'; echo "status $?"
