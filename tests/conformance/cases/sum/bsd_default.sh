printf 'hello\n' | sum
printf 'abc' > f; sum f
seq 1 10000 | sum
