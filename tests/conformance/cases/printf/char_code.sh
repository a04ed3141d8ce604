printf '%d\n' "'A" '"a'
