printf 'abcdefgh\0xy\0xyz12345\0tail' | od -S 3
printf 'abcdefgh\0xy\0xyz12345\0tail' | od -A x -S 2 -j 2
