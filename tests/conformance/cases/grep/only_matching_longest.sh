# check-stderr
printf "ab12\n" > f
grep -oE "a|ab" f; echo "s=$?"
grep -oE "x*|ab1" f; echo "s=$?"
