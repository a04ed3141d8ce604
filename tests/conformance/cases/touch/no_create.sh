# check-stderr
touch -c nosuch; echo "s=$?"
ls nosuch 2>/dev/null; echo "ls=$?"
touch --no-create nosuch2; echo "s=$?"
touch -c -d "2020-01-01" nosuch3; echo "s=$?"
touch x; touch -c -d "2020-01-01" x; stat -c "%y" x
