printf 'abcd\n' | fold -w 4
