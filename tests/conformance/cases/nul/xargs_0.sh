printf 'a b\0c\0' | xargs -0 printf '[%s]\n'
