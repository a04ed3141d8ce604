printf 'a\n\nb\n' > f1; printf 'a\nb\n\n\n' > f2
diff -B f1 f2; echo "status $?"
printf 'a\nb\n' > f3; printf 'a\n\nc\n' > f4
diff -B f3 f4; echo "status $?"
