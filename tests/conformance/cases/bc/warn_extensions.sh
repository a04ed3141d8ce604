# check-stderr
printf 'print 1\nx=1; if (x) 2 else 3\nabc=5\na && b\nlast\n' | bc -w
