# check-stderr
xargs -a nosuch echo; echo "status $?"
