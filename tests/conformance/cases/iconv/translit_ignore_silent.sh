# check-stderr
printf 'a\303\251b\377\n' | iconv -f UTF-8 -t ASCII//TRANSLIT//IGNORE; echo "status $?"
printf 'a\303\251b\377\n' | iconv -f UTF-8 -t ascii//ignore,translit; echo "status $?"
printf 'a\303\251b\377\n' | iconv -f UTF-8 -t ASCII//TRANSLIT; echo "status $?"
