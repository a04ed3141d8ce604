printf 'a\tb\n' > f1; printf 'a       b\n' > f2
diff -E f1 f2; echo "status $?"
diff f1 f2; echo "status $?"
