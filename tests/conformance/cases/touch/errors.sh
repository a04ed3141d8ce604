# check-stderr
touch nodir/x; echo "s=$?"
touch -d zz a; echo "s=$?"
touch -d "2020-13-45" a; echo "s=$?"
touch; echo "s=$?"
touch -Q a; echo "s=$?"
touch --frob a; echo "s=$?"
touch -r; echo "s=$?"
touch -d; echo "s=$?"
touch -t 2020 a; echo "s=$?"
touch -d 2020-01-01 -t 202001010000 a; echo "s=$?"
touch ok nodir/y ok2; echo "s=$?"; ls ok ok2
