printf 'a\0b\377c' | tee f | od -An -c
od -An -c f
