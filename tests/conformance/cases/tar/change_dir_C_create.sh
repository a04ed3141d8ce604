mkdir -p src/inner; printf 'c\n' > src/inner/f
tar cf a.tar -C src inner; echo "status $?"
tar tf a.tar
