# check-stderr
printf 'hello\n' > f; printf 'some longer text here\n' > g
bzip2 -k f g
bzcat -v f.bz2 g.bz2; echo "status $?"
bzip2 -cv f > /dev/null; echo "status $?"
