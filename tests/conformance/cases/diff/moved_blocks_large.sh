# 2,000 numbered lines with three blocks of 30-50 lines moved elsewhere: GNU deletes each where it was and inserts it where it goes.
seq 1 2000 | awk '{ printf "line %d of the file\n", $1 }' > f1
for r in 1,100 901,950 101,200 241,700 201,240 701,900 951,1500 1531,1800 1501,1530 1801,2000; do
  sed -n "${r}p" f1
done > f2
diff -u --label f1 --label f2 f1 f2; echo "status $?"
