printf 'a:b\n' | cut -d: -f 5
