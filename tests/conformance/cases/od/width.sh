printf 'abcdefghij' | od -A n -t x1 -w4
