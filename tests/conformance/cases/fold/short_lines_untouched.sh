printf 'ab\ncd\n' | fold -w 5
