printf 'ab' > f
truncate -s 5 f; wc -c < f; sed 's/\x0/0/g' f; echo
