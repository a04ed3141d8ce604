printf 'a  \nb\t\n' > f1; printf 'a\nb\n' > f2
diff -Z f1 f2; echo "status $?"
diff f1 f2 | od -c
