printf 'hello\n' | sha512sum
printf 'abc' > f; sha512sum --tag f
sha512sum f > s; sha512sum -c s
