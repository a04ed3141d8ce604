# check-stderr
date -u -d @0 %F; echo "status $?"
