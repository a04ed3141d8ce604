# check-stderr
printf "ab\ncd\nab cd\n" > f
grep -bo "cd" f; echo "s=$?"
grep -bv "ab" f; echo "s=$?"
grep -ub cd f; echo "s=$?"
