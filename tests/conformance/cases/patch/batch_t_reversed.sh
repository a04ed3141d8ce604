printf 'a\nb\n' > f; printf 'a\nc\n' > g
diff -u --label f --label f f g > p
cp g f
patch -t -p0 < p; echo "status $?"
cat f
