printf "aa bb cc dd\n" > f
sed "s/\(.\)\1/X/2" f
sed "s/\(.\)\1/X/3g" f
sed -n "s/\(.\)\1 \(.\)\2/[\2\1]/p" f
