printf 'first\n' | bzip2 > a.bz2; printf 'second\n' | bzip2 > b.bz2
cat a.bz2 b.bz2 > ab.bz2
bzcat ab.bz2; echo "status $?"
cat ab.bz2 | bzcat
