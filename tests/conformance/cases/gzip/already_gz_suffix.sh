# check-stderr
printf 'x\n' | gzip > a.gz
gzip a.gz; echo "status $?"
ls
