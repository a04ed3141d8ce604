# check-stderr
printf 'plain text\n' > p
xzcat p; echo "status $?"
printf 'plain text\n' | xzcat; echo "status $?"
