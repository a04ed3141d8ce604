printf 'a\0b\0c\0d' | head -z -n 2 | od -An -c
printf 'a\0b\0c\0d' | head -z -n -1 | od -An -c
printf 'a\nb\0c\n' | head --zero-terminated -n1 | od -An -c
