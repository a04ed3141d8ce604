mkdir -p d/skip; printf '1\n' > d/keep.txt; printf '2\n' > d/drop.log; printf '3\n' > d/skip/f
tar cf a.tar --sort=name --exclude='*.log' --exclude=skip d
tar tf a.tar
