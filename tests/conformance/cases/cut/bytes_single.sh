printf 'abcdef\nxyz\n' | cut -b 2
