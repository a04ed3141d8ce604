# check-stderr
printf 'caf\303\251 ok\n' | iconv -f UTF-8 -t ASCII; echo "status $?"
