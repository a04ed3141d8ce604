printf '\0\0\0\0\0\0\0\0\0\0hello\0' > f
strings -o f
printf 'a\tbcd\0' | strings -n 4
printf 'ab\tc\n\0' | strings -w -n 3 | od -c
