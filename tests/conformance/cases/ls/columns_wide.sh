# check-stderr
touch a bb ccc dddd
ls -C; echo "s=$?"
ls -x; echo "s=$?"
ls -m; echo "s=$?"
ls -Cw 10; echo "s=$?"
ls -Cw 1; echo "s=$?"
