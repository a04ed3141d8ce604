printf 'a:b:c\n' | tr : '\012'
