printf 'caf\351\n' > in
iconv -f LATIN1 -t UTF-8 in > out1; cat out1
iconv -f LATIN1 -t UTF-8 -o out2 in; cat out2
