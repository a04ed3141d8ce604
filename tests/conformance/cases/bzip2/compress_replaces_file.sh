printf 'data\n' > f
bzip2 f; echo "status $?"; ls
bunzip2 f.bz2; echo "status $?"; ls; cat f
