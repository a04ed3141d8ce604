printf 'abcd' | od -x
