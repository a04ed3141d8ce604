printf 'hello\n' | sha384sum
printf 'abc' > f; sha384sum f; sha384sum f > s; sha384sum -c s
