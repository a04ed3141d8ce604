printf 'AB\n' | od -b
