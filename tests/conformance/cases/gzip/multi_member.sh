printf 'first\n' | gzip > m.gz; printf 'second\n' | gzip >> m.gz
zcat m.gz; echo "status $?"
gzip -t m.gz && echo ok
