printf 'a\nb\n' > f; printf 'a\nc\n' > g
diff -u f g > p
patch f < p
patch -R f < p; echo "status $?"
cat f
