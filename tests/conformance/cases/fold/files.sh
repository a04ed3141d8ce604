printf 'abcd\n' > a; printf 'efgh\n' > b
fold -w 3 a b
