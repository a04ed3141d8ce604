printf '%d %d\n' "'A" '"z'
