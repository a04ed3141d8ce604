# check-stderr
printf 'plain text\n' > p
bzcat p; echo "status $?"
printf 'plain text\n' | bzcat; echo "status $?"
