# check-stderr
printf 'one\n' | gzip > a.gz; printf 'two\n' | gzip > b.gz
zcat a.gz nosuch.gz b.gz; echo "status $?"
