# check-stderr
printf 'x\n' > ok
cut -c1 ok nosuch ok; echo "status $?"
