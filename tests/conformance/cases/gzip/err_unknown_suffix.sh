# check-stderr
printf 'x\n' > plain
gunzip plain; echo "status $?"
