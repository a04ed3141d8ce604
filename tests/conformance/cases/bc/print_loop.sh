echo 'for (i = 0; i < 3; i++) print i, " "; print "\n"' | bc
