printf 'abcdefghij' | od -c -j 6
