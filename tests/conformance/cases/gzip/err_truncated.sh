# check-stderr
seq 1 1000 | gzip > t.gz
head -c 100 t.gz > short.gz
gzip -dc short.gz > /dev/null; echo "status $?"
