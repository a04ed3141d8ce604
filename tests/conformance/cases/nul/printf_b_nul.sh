printf '%b' 'a\0b' | od -An -c
