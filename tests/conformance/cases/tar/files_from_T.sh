mkdir d; printf '1\n' > d/a; printf '2\n' > d/b; printf '3\n' > d/c
printf 'd/c\nd/a\n' > list
tar cf a.tar -T list; echo "status $?"
tar tf a.tar
