printf 'a\370\210\200\200\200b' | iconv -f UTF-8 -t UTF-8 | od -An -tx1
printf 'a\364\220\200\200b' | iconv -f UTF-8 -t UTF-16LE | od -An -tx1; echo "status ${PIPESTATUS[1]}"
printf 'a\370\210\200\200\200b' | iconv -c -f UTF-8 -t UTF-16LE | od -An -tx1
printf 'a\355\240\200b' | iconv -c -f UTF-8 -t UTF-8 | od -An -tx1
