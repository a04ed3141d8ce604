printf '1\n2\n3\n' > a; printf 'x\n' > b
paste a b | sed -n l
