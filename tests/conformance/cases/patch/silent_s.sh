printf 'a\nb\n' > f; printf 'a\nc\n' > g
diff -u f g > p
patch -s f < p; echo "status $?"
cat f
