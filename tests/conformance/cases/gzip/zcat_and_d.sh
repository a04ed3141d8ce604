printf 'one\n' > a; printf 'two\n' > b
gzip a b; ls
zcat a.gz b.gz; echo "status $?"
gzip -d a.gz; cat a
gunzip -c b.gz
