printf '\0\001\377\n\0' > bin
tar cf a.tar bin; mkdir x; tar xf a.tar -C x
od -c x/bin
