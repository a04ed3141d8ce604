printf 'a\nb' | head -n 5 | od -An -c
printf 'a\nb' | head -n -0 | od -An -c
printf '' | head -n 3 | wc -c
