# check-stderr
printf "aa\n" > f
grep "\(a\)\2" f; echo "s=$?"
grep -E "(a)\2" f; echo "s=$?"
grep -E "(a\1)" f; echo "s=$?"
grep -E "(a)|b\1" f; echo "s=$?"
grep "x\|\(a\)\|\1" f; echo "s=$?"
