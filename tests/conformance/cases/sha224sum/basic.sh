printf 'hello\n' | sha224sum
printf 'abc' > f; sha224sum f; sha224sum --tag f
sha224sum f > s; sha224sum -c s
