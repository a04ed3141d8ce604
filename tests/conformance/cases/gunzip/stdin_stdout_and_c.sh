printf 'x\ny\n' | gzip | gunzip; echo "status $?"
printf 'abc\n' > f; gzip f
gunzip -c f.gz; echo "status $?"; ls
gunzip < f.gz; gunzip -c - < f.gz
