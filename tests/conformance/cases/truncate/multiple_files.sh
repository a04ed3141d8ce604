printf 'aaaa' > a; printf 'bbbbbbbb' > b
truncate -s 2 a b; cat a b; echo
