# check-stderr
printf 'print 1\nabc=5\n2\n' | bc -s; echo rc=$?
