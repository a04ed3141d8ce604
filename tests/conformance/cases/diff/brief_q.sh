printf 'a\n' > f1; printf 'b\n' > f2; printf 'a\n' > f3
diff -q f1 f2; echo "status $?"
diff -q f1 f3; echo "status $?"
diff --brief f1 f2; echo "status $?"
