echo 'print "abcdefghij"; 2^300' | bc
