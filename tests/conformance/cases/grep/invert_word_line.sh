# check-stderr
printf "foo\nfoobar\nbar foo\nfoo_x\nfoo-x\n\n" > f
grep -w foo f; echo "s=$?"
grep -vw foo f; echo "s=$?"
grep -x foo f; echo "s=$?"
grep -vx foo f | wc -l
grep -x "" f | wc -l
grep -w "" f | wc -l
grep -wo "foo" f; echo "s=$?"
grep -w "o*" f; echo "s=$?"
