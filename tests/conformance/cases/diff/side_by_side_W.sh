printf 'apple\nbanana\ncherry\ndate\n' > f1; printf 'apple\nblueberry\ncherry\negg\nfig\n' > f2
diff -y -W 40 f1 f2; echo "status $?"
