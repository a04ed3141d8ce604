printf 'data\n' > f
gzip f; echo "status $?"
ls
gunzip f.gz; echo "status $?"
ls; cat f
