printf '\360\237\230\200' | iconv -f UTF-8 -t UTF-16LE | od -An -tx1
