printf 'a\r\nb\n' | unix2dos | od -c
