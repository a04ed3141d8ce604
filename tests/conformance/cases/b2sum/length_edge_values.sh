# check-stderr
printf 'abc' > f
b2sum -l 0 f; b2sum -l 512 f; b2sum -l 8 f; b2sum --length=16 f
b2sum -l 520 f; echo "status $?"
b2sum -l x f; echo "status $?"
b2sum -l -8 f; echo "status $?"
