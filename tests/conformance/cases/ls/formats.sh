# check-stderr
touch a b c
ls --format=commas; echo "s=$?"
ls --format=across; echo "s=$?"
ls --format=single-column; echo "s=$?"
ls --format=vertical; echo "s=$?"
ls -m1; echo "s=$?"
ls -1m; echo "s=$?"
