printf '\0\377\001\r\n\0' | gzip | zcat | od -An -c
