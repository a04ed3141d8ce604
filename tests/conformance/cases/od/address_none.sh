printf 'abc' | od -A n -t x1
