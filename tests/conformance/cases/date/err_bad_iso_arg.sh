# check-stderr
date -u -d @0 -Ifoo; echo "status $?"
