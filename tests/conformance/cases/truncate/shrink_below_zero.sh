printf 'abc' > f
truncate -s -10 f; wc -c < f
