printf 'a\0b,c\n' | cut -d, -f2
