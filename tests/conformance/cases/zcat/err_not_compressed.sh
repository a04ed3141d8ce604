# check-stderr
printf 'plain text\n' > p
zcat p; echo "status $?"
printf 'plain text\n' | zcat; echo "status $?"
