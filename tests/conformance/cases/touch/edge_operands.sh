# check-stderr
touch --no-dereference nosuch; echo "s=$?"
ls nosuch; echo "s=$?"
touch -ch nosuch2; echo "s=$?"
touch --time=m -d 2020-02-02 a; stat -c %y a
touch --time=acc b; echo "s=$?"
touch ""; echo "s=$?"
touch "" c; echo "s=$?"; ls c
touch -d "2020-01-01 10:00:00.123456789" e; stat -c %y e
touch -d "2020-01-01 25:00" e; echo "s=$?"
