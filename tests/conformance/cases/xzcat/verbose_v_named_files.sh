# check-stderr
printf 'hello\n' > f; printf 'some longer text here\n' > g
xz -k f g
xzcat -v f.xz g.xz; echo "status $?"
xz -cv f > /dev/null; echo "status $?"
