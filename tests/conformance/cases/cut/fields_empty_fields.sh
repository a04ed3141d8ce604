printf 'a::c\n::\n' | cut -d: -f2,3
