printf '1234567' > ref; printf 'x' > f
truncate -r ref f; wc -c < f
