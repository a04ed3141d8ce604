# check-stderr
printf 'one\n' > a; printf 'two\n' > b
bzip2 a b; ls
bunzip2 -t a.bz2 b.bz2; echo "status $?"
bunzip2 a.bz2 b.bz2; echo "status $?"; ls; cat a b
