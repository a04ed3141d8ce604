printf '123\n' > a; printf '456\n' > b
rev a b
