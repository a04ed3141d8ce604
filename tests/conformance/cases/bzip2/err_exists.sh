# check-stderr
printf 'a\n' > f; printf 'b\n' > f.bz2
bzip2 f; echo "status $?"
bzip2 -f f; echo "status $?"; ls
