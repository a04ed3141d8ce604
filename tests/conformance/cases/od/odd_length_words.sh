printf 'abc' | od -A n -t x2
