printf 'abc' | sha512sum -
printf 'x' > f; printf 'abc' | sha512sum f - 
printf 'y' > -n
sha512sum -- -n
sha512sum -- -n > sums; sha512sum -c -- sums
