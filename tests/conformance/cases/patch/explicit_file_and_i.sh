printf 'a\nb\nc\n' > f; printf 'a\nB\nc\n' > g
diff -u --label x --label y f g > fix.diff
patch -i fix.diff f; echo "status $?"
cat f
