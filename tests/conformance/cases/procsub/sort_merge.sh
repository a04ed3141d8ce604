sort -m <(printf '1\n3\n') <(printf '2\n4\n')
