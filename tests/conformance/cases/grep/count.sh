# check-stderr
printf "a\nb\na\n" > f
printf "x\n" > g
grep -c a f; echo "s=$?"
grep -c a f g; echo "s=$?"
grep -vc a f; echo "s=$?"
grep -ch a f g; echo "s=$?"
grep -c z g; echo "s=$?"
grep -cm1 a f; echo "s=$?"
grep -cZ a f g | od -c
