# check-stderr
date -u -d 'not a date'; echo "status $?"
