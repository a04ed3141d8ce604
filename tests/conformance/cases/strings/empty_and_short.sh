printf '' | strings | od -c
printf 'abc' | strings | od -c
printf 'abcd' | strings
