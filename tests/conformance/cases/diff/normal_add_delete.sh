printf 'a\nb\nc\nd\n' > f1; printf 'x\na\nc\nd\ne\nf\n' > f2
diff f1 f2; echo "status $?"
