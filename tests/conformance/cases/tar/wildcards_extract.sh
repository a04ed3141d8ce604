mkdir d; printf '1\n' > d/a.txt; printf '2\n' > d/b.txt; printf '3\n' > d/c.md
tar cf a.tar --sort=name d
mkdir x; tar xf a.tar -C x --wildcards '*.txt'; echo "status $?"
find x | sort
tar tf a.tar --wildcards 'd/c*'
