printf 'hello\nworld\n' > src
diff -u --label /dev/null --label newfile /dev/null src > p
patch -p0 < p; echo "status $?"
cat newfile
