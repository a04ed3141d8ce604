printf 'a\nb' | nl -w 1 | sed -n l
