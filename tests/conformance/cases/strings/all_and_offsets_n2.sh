printf '\0ab\0c\0de\1fg\0xyz' > f
strings -a -n 2 f
strings -n 2 -t x f
strings -n2 -td f
strings -an 2 -t o f
strings --all --bytes=2 --radix=d f
