# check-stderr
printf 'hello\n' > f; printf 'some longer text here\n' > g
gzip -k f g
zcat -v f.gz g.gz; echo "status $?"
gzip -cv f > /dev/null; echo "status $?"
