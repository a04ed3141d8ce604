printf 'first\n' | gzip > a.gz; printf 'second\n' | gzip > b.gz
cat a.gz b.gz > ab.gz
zcat ab.gz; echo "status $?"
cat ab.gz | zcat
