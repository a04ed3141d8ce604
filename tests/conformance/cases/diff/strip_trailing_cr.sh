printf 'a\r\nb\r\n' > f1; printf 'a\nb\n' > f2
diff --strip-trailing-cr f1 f2; echo "status $?"
diff f1 f2 | od -c
