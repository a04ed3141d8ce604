# check-stderr
mkdir d
printf "x" > d/a
printf "yy" > d/b
touch -d "2020-01-01" d/a d/b
ls -gG d; echo "s=$?"
ls -gGa d | head -1; echo "s=$?"
ls -gG d/a; echo "s=$?"
ls -ld d | cut -c1; echo "s=$?"
