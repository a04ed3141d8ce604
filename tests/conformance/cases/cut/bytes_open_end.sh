printf 'abcdef\n123\n' | cut -b 3-
