printf 'short\nlines here\n' | fmt -s -w 40
