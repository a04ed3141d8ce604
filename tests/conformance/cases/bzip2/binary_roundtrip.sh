printf '\0\377\001\n\0' | bzip2 | bzcat | od -c
