printf '12345' > f
truncate -s +3 f; wc -c < f; truncate -s -6 f; wc -c < f; cat f; echo
