printf "one\ntoo\nthree\nfour\nvoodoo\n" > f
grep -n "\(o\)\1" f
grep -bo -E "(oo|o)d\1" f
