printf '1\n2\n3\n' > a; printf 'x\ny\n' > b
paste -s a b
