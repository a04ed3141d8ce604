printf 'one\ntwo\nthree\n' > f; printf 'one\n2\nthree\n' > g
diff -u f g > p
patch f < p; echo "status $?"
cat f
