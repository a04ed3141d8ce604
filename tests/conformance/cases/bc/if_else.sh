echo 'x=5; if (x > 3) print "big\n" else print "small\n"' | bc
