# check-stderr
printf "a1\nb\na2\na3\nc\n" > f
grep -m1 a f; echo "s=$?"
grep -m 2 -n a f; echo "s=$?"
grep -m0 a f; echo "s=$?"
grep -m -1 a f; echo "s=$?"
grep -m1 -A2 a f; echo "s=$?"
grep -m x a f; echo "s=$?"
grep -vm1 a f; echo "s=$?"
grep --max-count=2 -c a f; echo "s=$?"
