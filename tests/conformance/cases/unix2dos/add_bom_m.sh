printf 'a\n' | unix2dos -m | od -c
