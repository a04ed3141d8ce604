# check-stderr
printf 'a\303\251\n' > e1; printf 'xy\n' > ok1
iconv -f UTF-8 -t ASCII//IGNORE e1 ok1; echo "status $?"
iconv -c -f UTF-8 -t ASCII e1 ok1; echo "status $?"
iconv -f UTF-8 -t ASCII nosuch ok1; echo "status $?"
