printf '\357\273\277hi\n' | iconv -f UTF-8 -t UTF-16LE | od -An -tx1
printf '\357\273\277hi\n' | iconv -f UTF-8 -t UTF-8 | od -An -tx1
