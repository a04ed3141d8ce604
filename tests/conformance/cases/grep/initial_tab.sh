# check-stderr
printf "ab\ncd\nab cd\n" > f
grep -T ab f; echo "s=$?"
grep -Tn ab f; echo "s=$?"
grep -THn ab f; echo "s=$?"
grep -Tb cd f; echo "s=$?"
grep -THnb ab f; echo "s=$?"
grep -TnC1 cd f; echo "s=$?"
