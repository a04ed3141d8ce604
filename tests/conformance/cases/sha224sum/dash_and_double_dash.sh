printf 'abc' | sha224sum -
printf 'x' > f; printf 'abc' | sha224sum f - 
printf 'y' > -n
sha224sum -- -n
sha224sum -- -n > sums; sha224sum -c -- sums
