printf 'A\360\237\230\200\n' | iconv -f UTF-8 -t UTF-32LE | od -An -tx1
printf 'A\360\237\230\200\n' | iconv -f UTF-8 -t UTF-32 | od -An -tx1
printf 'A\360\237\230\200\n' | iconv -f UTF-8 -t UTF-32BE | iconv -f UTF-32BE -t UTF-8
