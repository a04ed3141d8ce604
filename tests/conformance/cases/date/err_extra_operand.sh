# check-stderr
date -u -d @0 +%F extra; echo "status $?"
