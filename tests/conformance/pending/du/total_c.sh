printf 'abc' > a; printf 'defgh' > b
du -b -c a b
