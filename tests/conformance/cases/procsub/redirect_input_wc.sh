wc -l < <(printf '1\n2\n3\n')
