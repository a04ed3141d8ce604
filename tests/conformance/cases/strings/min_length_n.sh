printf 'ab\0abc\0abcdef\0a\0' | strings -n 3
printf 'ab\0abc\0abcdef\0a\0' | strings -n 6
printf 'ab\0abc\0abcdef\0a\0' | strings -3
