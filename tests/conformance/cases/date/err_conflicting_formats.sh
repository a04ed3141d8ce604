# check-stderr
date -u -d @0 -I -R; echo "status $?"
