# check-stderr
iconv -f UTF-8 -t ASCII nosuch; echo "status $?"
