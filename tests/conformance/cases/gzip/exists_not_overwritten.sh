# check-stderr
printf 'new\n' > f; printf 'old\n' > f.gz
gzip f; echo "status $?"
ls
gzip -f f; echo "status $?"
ls; zcat f.gz
