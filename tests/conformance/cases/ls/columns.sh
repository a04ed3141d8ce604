# check-stderr
for i in 1 2 3 4 5 6 7 8 9 10 11 12; do touch "file_$i"; done
ls -C -w 40; echo "s=$?"
ls -x -w 40; echo "s=$?"
ls -m -w 40; echo "s=$?"
COLUMNS=30 ls -C; echo "s=$?"
ls -C -w 0; echo "s=$?"
ls -w x; echo "s=$?"
