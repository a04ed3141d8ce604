printf 'one\n' | bzip2 > a.bz2; printf 'two\n' | bzip2 > b.bz2; printf 'mid\n' | bzip2 > m.bz2
bzcat a.bz2 - b.bz2 < m.bz2; echo "status $?"
ls
