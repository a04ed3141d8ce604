mkdir -p d/sub; printf 'a\n' > d/a; printf 'bb\n' > d/sub/b
tar cf a.tar --sort=name d; echo "status $?"
tar tf a.tar
