printf 'hello\n' | sha256sum
printf '' | sha256sum
printf 'abc' > f; sha256sum f; sha256sum --tag f
