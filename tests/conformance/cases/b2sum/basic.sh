printf 'hello\n' | b2sum
printf 'abc' > f; b2sum f; b2sum --tag f
