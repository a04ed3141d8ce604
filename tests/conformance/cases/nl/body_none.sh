printf 'a\nb\n' | nl -b n | sed -n l
