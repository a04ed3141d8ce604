# check-stderr
printf 'aGVs*bG8K\n' | base64 -d; echo "status $?"
