printf '\0\377\001\r\n\0' | bzip2 | bzcat | od -An -c
