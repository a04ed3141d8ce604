printf 'a\0bcd' | head -c 3 | od -An -c
