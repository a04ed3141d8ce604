# check-stderr
: > e
unix2dos e; echo "status $?"
wc -c < e
