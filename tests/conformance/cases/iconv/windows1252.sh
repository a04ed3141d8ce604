printf '\200 \223quoted\224 \226\n' | iconv -f WINDOWS-1252 -t UTF-8
printf '\342\202\254\342\200\234\n' | iconv -f UTF-8 -t CP1252 | od -An -tx1
