# check-stderr
printf "ab\ncd\nab cd\n" > f
printf "xab\n" > g
grep -n ab f; echo "s=$?"
grep -b cd f; echo "s=$?"
grep -H ab f; echo "s=$?"
grep -h ab f g; echo "s=$?"
grep -Hnb ab f g; echo "s=$?"
grep -nH --label=L ab - < f; echo "s=$?"
grep ab - g < f; echo "s=$?"
grep -c ab - g < f; echo "s=$?"
