printf 'a\0b\n' > f1; printf 'a\0c\n' > f2
diff f1 f2; echo "status $?"
diff -q f1 f2; echo "status $?"
printf 'a\0b\n' > f3
diff f1 f3; echo "status $?"
