printf 'abcdefghij' | od -A d -c -j 2 -N 3
