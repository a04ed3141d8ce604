printf 'abc' > 'a b'
stat --format='%n=%s' 'a b'
