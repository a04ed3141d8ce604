printf 'abcdef\n1\n' | cut -b -3
