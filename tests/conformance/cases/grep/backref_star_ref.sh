printf "abbbb\nab\nacc\nx\n" > f
grep -o "a\(.\)\1*" f
grep -oE "a(b)\1{2}" f
grep -oE "^(.)\1?" f
