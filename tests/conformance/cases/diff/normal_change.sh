printf 'a\nb\nc\n' > f1; printf 'a\nB\nc\n' > f2
diff f1 f2; echo "status $?"
