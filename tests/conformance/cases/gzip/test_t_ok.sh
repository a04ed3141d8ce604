# check-stderr
printf 'fine\n' | gzip > ok.gz
gzip -t ok.gz; echo "status $?"
gzip -tv ok.gz; echo "status $?"
