# check-stderr
touch -d "2020-01-01" -d "2021-01-01" a; stat -c "%y" a
touch -t 202201010000 -d "2023-01-01" b; echo "s=$?"
touch -r a -t 202201010000 c; echo "s=$?"
