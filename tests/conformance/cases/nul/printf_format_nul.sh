printf 'x\0y' | od -An -c
