printf 'a\tb\nc\0\001\177 ' | od -a
