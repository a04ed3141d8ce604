# check-stderr
printf 'data\n' > f; bzip2 -k f; cp f.bz2 g.tbz2; cp f.bz2 h.tbz
bzip2 -d f.bz2; echo "status $?"; ls
bzip2 -df f.bz2; echo "status $?"; ls
bzip2 -d g.tbz2 h.tbz; echo "status $?"; ls
