printf 'x\ny\nz' | unix2dos | od -c
