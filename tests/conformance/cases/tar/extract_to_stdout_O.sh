mkdir d; printf 'first\n' > d/a; printf 'second\n' > d/b
tar cf a.tar --sort=name d
tar xOf a.tar; echo "status $?"
tar xOf a.tar d/b
ls
