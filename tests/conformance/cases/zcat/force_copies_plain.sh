# check-stderr
printf 'plain\n' > p; printf 'one\n' | gzip > a.gz
zcat -f p a.gz; echo "status $?"
gzip -dcf p; echo "status $?"
printf '' | zcat -f; echo "status $?"
