# check-stderr
printf 'x\n' | gzip > g.gz; printf 'garbage' >> g.gz
zcat g.gz; echo "status $?"
