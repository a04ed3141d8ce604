# check-stderr
mkdir d
printf 'foo\n' > f
grep -c foo f d; echo "s=$?"
grep -L foo d f; echo "s=$?"
grep -l foo d f; echo "s=$?"
grep -q foo d; echo "s=$?"
grep -c foo d; echo "s=$?"
