printf 'a\nb\n' > f; printf 'a\nc\n' > g
diff -u f g > p
patch -o out f < p; echo "status $?"
cat f out
