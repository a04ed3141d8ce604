# check-stderr
printf 'data\n' > f
gzip -k f
gunzip f.gz; echo "status $?"; ls
gunzip -k -f f.gz; echo "status $?"; ls; cat f
gunzip -f f.gz; echo "status $?"; ls
