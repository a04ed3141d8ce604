# check-stderr
printf 'plain text\n' > notgz.gz
gunzip notgz.gz; echo "status $?"
ls
