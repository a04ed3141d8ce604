printf 'a\\ b c\n' | xargs -n1 printf '[%s]\n'
