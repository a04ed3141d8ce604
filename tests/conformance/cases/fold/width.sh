printf 'abcdefghij\n' | fold -w 3
