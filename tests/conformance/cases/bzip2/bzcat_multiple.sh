printf 'one\n' | bzip2 > a.bz2; printf 'two\n' | bzip2 > b.bz2
bzcat a.bz2 b.bz2; echo "status $?"
cat a.bz2 b.bz2 > ab.bz2; bzcat ab.bz2
