printf 'ab\b\tc\n' | expand -t 4 | sed -n l
