printf 'hello' | od -t u8 -t c
printf '\200\377\000\177' | od -t oC -t oS -t oI -t oL
