: > e; printf 'a\nb\n' > x
comm e x | sed -n l
