printf 'a\n' > f1; printf 'a\n' > f2; printf 'b\n' > f3
diff -s f1 f2; echo "status $?"
diff -s f1 f3; echo "status $?"
