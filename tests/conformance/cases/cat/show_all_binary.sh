printf 'a\tb\0c\377\200\r\n\033x\n' | cat -A
printf 'a\tb\0c\377\n' | cat -v
printf 'a\tb\n' | cat -T
printf 'a\nb\n' | cat -E
printf 'a\tb\0\n' | cat -e
printf 'a\tb\0\n' | cat -t
