printf 'abc' | sha384sum -
printf 'x' > f; printf 'abc' | sha384sum f - 
printf 'y' > -n
sha384sum -- -n
sha384sum -- -n > sums; sha384sum -c -- sums
