printf 'Hello\nWORLD\n' > f1; printf 'hello\nworld\n' > f2
diff -i f1 f2; echo "status $?"
diff f1 f2 >/dev/null; echo "status $?"
