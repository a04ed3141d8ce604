# check-stderr
printf 'one\n' > a; printf 'two\n' > b
gzip a b; ls
gunzip -t a.gz b.gz; echo "status $?"
gunzip a.gz b.gz; echo "status $?"; ls; cat a b
