printf 'a\0b\0' > x; printf 'b\0c\0' > y
comm -z x y | sed 's/\x0/<NUL>/g'; echo
