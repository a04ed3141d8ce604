printf '1234567' > ref; printf 'x' > f
truncate -r ref -s +3 f; wc -c < f
