# check-stderr
printf 'ab\377cd\n' | iconv -f UTF-8 -t UTF-16LE | od -An -tx1; echo "status ${PIPESTATUS[1]}"
