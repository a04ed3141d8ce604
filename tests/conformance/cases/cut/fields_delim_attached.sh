printf 'a,b,c\n' | cut -d, -f2-
