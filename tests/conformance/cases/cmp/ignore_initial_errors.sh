# check-stderr
printf 'abc' > f1; printf 'abd' > f2
cmp -i 1:2:3 f1 f2; echo "status $?"
cmp -i x:2 f1 f2; echo "status $?"
cmp f1 f2 1Y; echo "status $?"
cmp -l -s f1 f2; echo "status $?"
cmp -s; echo "status $?"
