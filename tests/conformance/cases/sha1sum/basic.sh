printf 'hello\n' | sha1sum
printf '' | sha1sum
printf 'abc' > f; sha1sum f --tag
