printf "aa\nab\nbb\ncd\n" > f
grep -c "\(.\)\1" f
grep -v "\(.\)\1" f
grep -vc -E "(.)\1" f
