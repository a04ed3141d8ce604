printf 'abc' > a; printf '%010d' 0 > 'b c'
du -b a 'b c'
