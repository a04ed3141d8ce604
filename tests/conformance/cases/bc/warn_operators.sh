# check-stderr
printf 'x = 1\n!x\nx != 1\ndefine f(x) { auto tmp; tmp = x; return tmp; }\nf(2) || 0\n' | bc -w
