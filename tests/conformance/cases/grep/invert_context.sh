# check-stderr
printf "a\nb\nc\nd\n" > f
grep -v "[bc]" f; echo "s=$?"
grep -vn "[bc]" f; echo "s=$?"
grep -vc "." f; echo "s=$?"
grep -v "" f; echo "s=$?"
grep -vA1 "[ab]" f; echo "s=$?"
