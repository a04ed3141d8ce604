# check-stderr
printf 'caf\303\251 na\303\257ve\n' | iconv -f UTF-8 -t ASCII//IGNORE; echo "status $?"
printf 'a\303\251b\n' | iconv -c -f UTF-8 -t ASCII; echo "status $?"
