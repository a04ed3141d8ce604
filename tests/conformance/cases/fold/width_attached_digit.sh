printf 'abcdef\n' | fold -2
