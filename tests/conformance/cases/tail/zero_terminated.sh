printf 'a\0b\0c\0' | tail -z -n 2 | od -An -c
printf 'a\0b\0c' | tail -z -n 1 | od -An -c
printf 'a\0b\0c\0' | tail -z -n +3 | od -An -c
