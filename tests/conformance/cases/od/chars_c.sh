printf 'a\tb\nc\0\001\377 ' | od -c
