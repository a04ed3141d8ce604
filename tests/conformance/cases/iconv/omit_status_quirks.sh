# check-stderr
printf '\377' > y1; printf 'b\n' > y2
iconv -c -f UTF-8 -t ASCII y1 y2; echo "status $?"
printf '\303\251' | iconv -c -f UTF-8 -t ASCII; echo "status $?"
printf 'a\303\251' | iconv -c -f UTF-8 -t ASCII; s=$?; echo; echo "status $s"
printf '\000\000\000\200A\000\000\000' | iconv -c -f UCS-4LE -t UTF-8; s=$?; echo; echo "status $s"
printf '\000\000\000\200A\000\000\000' | iconv -f UCS-4LE -t UTF-8//IGNORE; s=$?; echo; echo "status $s"
