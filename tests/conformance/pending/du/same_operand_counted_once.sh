printf '%0100d' 0 > a; printf 'x' > b
du -b a a b
