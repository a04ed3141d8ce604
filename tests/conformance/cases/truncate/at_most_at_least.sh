printf '12345' > f
truncate -s '<3' f; wc -c < f; truncate -s '<10' f; wc -c < f; truncate -s '>8' f; wc -c < f; truncate -s '>2' f; wc -c < f
