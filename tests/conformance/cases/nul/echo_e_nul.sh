echo -e 'p\0q' | od -An -c
