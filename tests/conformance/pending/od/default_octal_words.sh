printf 'abcdefgh' | od
