printf 'bye\n' > old
diff -u --label old --label /dev/null old /dev/null > p
patch -p0 < p; echo "status $?"
ls
