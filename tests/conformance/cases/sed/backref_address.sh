printf "hello\nworld\nbook\nabc\n" > f
sed -n "/\(.\)\1/p" f
sed "/\(o\)\1/d" f
sed -n "/\(l\)\1/,/\(o\)\1/p" f
