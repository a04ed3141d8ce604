printf 'x' > 'a b'
stat -c '%N' 'a b'
