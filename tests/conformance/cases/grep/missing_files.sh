# check-stderr
printf "a\n" > f
grep a nosuch; echo "s=$?"
grep a f nosuch; echo "s=$?"
grep a nosuch f; echo "s=$?"
grep -h a nosuch/x f; echo "s=$?"
grep -L a nosuch; echo "s=$?"
grep -c a nosuch f; echo "s=$?"
