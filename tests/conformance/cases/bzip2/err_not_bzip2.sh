# check-stderr
printf 'plain\n' > x.bz2
bunzip2 x.bz2; echo "status $?"
ls
