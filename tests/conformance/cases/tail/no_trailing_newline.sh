printf 'a\nb' | tail -n 1 | od -An -c
printf 'a\nb\n\n' | tail -n 2 | od -An -c
printf '' | tail -n 3 | wc -c
