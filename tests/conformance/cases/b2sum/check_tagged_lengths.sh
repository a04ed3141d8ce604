# check-stderr
printf 'abc' > f; printf 'def' > g
{ b2sum --tag -l 256 f; b2sum --tag -l 8 g; b2sum --tag f; } > sums
cat sums
b2sum -c sums; echo "status $?"
b2sum -l 256 f > s2; b2sum -c s2; echo "status $?"
b2sum -l 128 -c s2; echo "status $?"
