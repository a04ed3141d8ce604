printf 'one\n' | gzip > a.gz; printf 'two\n' | gzip > b.gz; printf 'mid\n' | gzip > m.gz
zcat a.gz - b.gz < m.gz; echo "status $?"
ls
