# check-stderr
printf "a\n" > f
grep a f nosuch; echo "s=$?"
grep z f nosuch; echo "s=$?"
grep -l a f nosuch; echo "s=$?"
grep -s -q a nosuch f; echo "s=$?"
grep -c a nosuch; echo "s=$?"
