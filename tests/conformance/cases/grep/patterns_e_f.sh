# check-stderr
printf "one\ntwo\nthree\n" > f
printf "one\nthr\n" > pats
grep -f pats f; echo "s=$?"
: > empty
grep -f empty f; echo "s=$?"
grep -v -f empty f; echo "s=$?"
grep -c -f empty f; echo "s=$?"
printf "two\n" | grep -f - f; echo "s=$?"
grep -e one -f pats f; echo "s=$?"
grep -e "" f | wc -l
grep -f missing f; echo "s=$?"
printf "o\n\n" > p2
grep -c -f p2 f; echo "s=$?"
