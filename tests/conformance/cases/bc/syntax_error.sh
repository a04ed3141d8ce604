# check-stderr
printf 'print 1; x=(1; print 2\n3\n' | bc; echo rc=$?
