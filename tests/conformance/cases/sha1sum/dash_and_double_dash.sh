printf 'abc' | sha1sum -
printf 'x' > f; printf 'abc' | sha1sum f - 
printf 'y' > -n
sha1sum -- -n
sha1sum -- -n > sums; sha1sum -c -- sums
