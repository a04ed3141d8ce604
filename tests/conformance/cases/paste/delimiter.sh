printf '1\n2\n' > a; printf 'x\ny\n' > b
paste -d , a b
