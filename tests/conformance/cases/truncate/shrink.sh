printf 'hello world' > f
truncate -s 5 f; cat f; echo; wc -c < f
