printf '\0\001\002\377\376\n\0' > bin
gzip -c bin | gunzip | od -c
