printf 'a\n\nb\n' | nl | sed -n l
