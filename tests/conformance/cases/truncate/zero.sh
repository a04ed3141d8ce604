printf 'data' > f
truncate -s 0 f; wc -c < f
