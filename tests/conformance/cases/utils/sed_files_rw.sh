printf 'r1\nr2\n' > r.txt
printf 'a\nb\nc\n' > in.txt
sed '1r r.txt' in.txt
sed 'R r.txt' in.txt
sed '$r missing.txt' in.txt
sed -n '/b/w out.txt' in.txt; cat out.txt
sed 's/a/A/w sub.txt' in.txt >/dev/null; cat sub.txt
sed -n '1W first.txt' in.txt; cat first.txt
sed -n 'w /dev/stdout' in.txt
sed '/never/w never.txt' in.txt > /dev/null; wc -c < never.txt
