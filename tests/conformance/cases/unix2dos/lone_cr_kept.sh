printf 'a\rb\n' | unix2dos | od -c
