printf 'a\000$V\377\n' | V=v envsubst | od -c
