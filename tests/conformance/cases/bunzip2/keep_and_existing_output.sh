# check-stderr
printf 'data\n' > f
bzip2 -k f
bunzip2 f.bz2; echo "status $?"; ls
bunzip2 -k -f f.bz2; echo "status $?"; ls; cat f
bunzip2 -f f.bz2; echo "status $?"; ls
