printf 'Hello, od!\n' | od -A x -t x1
