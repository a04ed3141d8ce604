printf 'hello\n' | sum -s
printf 'abc' > f; sum -s f
seq 1 10000 | sum -s
