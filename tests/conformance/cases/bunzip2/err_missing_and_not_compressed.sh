# check-stderr
printf 'plain\n' > p.bz2
bunzip2 nosuch.bz2; echo "status $?"
bunzip2 p.bz2; echo "status $?"; ls
