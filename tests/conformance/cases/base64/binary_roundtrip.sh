printf '\0\001\377\376\n\0' | base64
printf '\0\001\377\376\n\0' | base64 | base64 -d | od -c
