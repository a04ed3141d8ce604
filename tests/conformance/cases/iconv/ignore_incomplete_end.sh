# check-stderr
printf 'a\303\251b\303' | iconv -f UTF-8 -t ASCII//IGNORE; s=$?; echo; echo "status $s"
printf 'a\377b\303' | iconv -f UTF-8 -t ASCII//IGNORE; s=$?; echo; echo "status $s"
printf 'a\377b\n' | iconv -f UTF-8 -t ASCII//TRANSLIT//IGNORE; echo "status $?"
printf 'a\377b\303\251\n' | iconv -f UTF-8 -t ASCII//TRANSLIT//IGNORE; echo "status $?"
