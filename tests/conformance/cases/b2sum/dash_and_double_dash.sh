printf 'abc' | b2sum -
printf 'x' > f; printf 'abc' | b2sum f - 
printf 'y' > -n
b2sum -- -n
b2sum -- -n > sums; b2sum -c -- sums
