printf '1\n2\n3\n' > a; printf 'x\ny\nz\n' > b
paste a b
