# check-stderr
ulimit -H -f 100
ulimit -f 200; echo "status $?"
ulimit -f
