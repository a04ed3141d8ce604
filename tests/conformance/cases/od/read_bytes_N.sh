printf 'abcdefghij' | od -c -N 4
