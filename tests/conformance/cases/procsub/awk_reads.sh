awk '{s+=$1} END{print s}' <(printf '1\n2\n3\n')
