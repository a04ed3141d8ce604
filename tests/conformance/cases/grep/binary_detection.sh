# check-stderr
printf "a\0b\nxa\n" > bin
printf "text a\n" > txt
grep a bin; echo "s=$?"
grep a bin txt; echo "s=$?"
grep -c a bin; echo "s=$?"
grep -l a bin; echo "s=$?"
grep -q a bin; echo "s=$?"
grep z bin; echo "s=$?"
grep -o x bin; echo "s=$?"
grep -n a - < bin; echo "s=$?"
grep -v q bin; echo "s=$?"
