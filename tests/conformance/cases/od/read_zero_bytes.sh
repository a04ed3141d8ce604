printf 'abc' | od -N 0
