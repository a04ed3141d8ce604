printf 'Hello\n' | od -t x1z
