printf 'a  b\nc d\n' > f1; printf 'a b \nc  d\nx y\n' > f2
diff -b f1 f2; echo "status $?"
printf 'ab\n' > f3; printf 'a b\n' > f4
diff -b f3 f4; echo "status $?"
