printf '\0\377\001\r\n\0' | xz | xzcat | od -An -c
