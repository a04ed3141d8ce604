printf 'a\0b' | wc -c
