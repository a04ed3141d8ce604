printf 'one\ntwo\nthree\n' > f; printf 'one\n2\nthree\nfour\n' > g
diff -c f g > p
patch f < p; echo "status $?"
cat f
