printf 'a\nb' > f1; printf 'a\nc' > f2
diff f1 f2; echo "status $?"
printf 'a\nb\n' > f3
diff f1 f3; echo "status $?"
