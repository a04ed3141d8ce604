printf '' | base32 | od -c
printf '\0\377\001\n' | base32
printf '\0\377\001\n' | base32 | base32 -d | od -c
