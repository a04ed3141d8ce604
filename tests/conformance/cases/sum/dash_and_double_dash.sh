printf 'abc' > -r
printf 'abc' | sum -
sum -- -r
printf 'stdin' | sum -s - -- -r
