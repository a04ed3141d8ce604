# check-stderr
printf 'one\n' | bzip2 > a.bz2; printf 'two\n' | bzip2 > b.bz2
bzcat a.bz2 nosuch.bz2 b.bz2; echo "status $?"
