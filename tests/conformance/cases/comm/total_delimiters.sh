printf 'a\n' > x; printf 'b\n' > y
comm --total --output-delimiter=:: x y
comm --output-delimiter= x y | sed 's/\x0/<NUL>/g'
