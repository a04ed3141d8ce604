printf 'a\nb\n' > f; printf 'a\nc\n' > g
diff -u --label f --label f f g > p
cp g f
patch -f -p0 --no-backup-if-mismatch < p; echo "status $?"
cat f; ls
