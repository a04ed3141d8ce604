# check-stderr
printf 'a\377\001b' > f1; printf 'a\200\002' > f2
cmp -b f1 f2; echo "status $?"
cmp -l f1 f2; echo "status $?"
cmp -lb f1 f2; echo "status $?"
cmp --print-bytes --verbose --bytes=2 f1 f2; echo "status $?"
