printf '1\n2\n' > a; printf 'x\ny\n' > b
paste -d '\0' a b
