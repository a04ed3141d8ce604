printf 'abcd\refghij\n' | fold -w 5 | sed -n l
