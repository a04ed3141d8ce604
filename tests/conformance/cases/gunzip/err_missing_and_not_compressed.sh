# check-stderr
printf 'plain\n' > p.gz
gunzip nosuch.gz; echo "status $?"
gunzip p.gz; echo "status $?"; ls
