# check-stderr
iconv -x; echo "status $?"
iconv -f; echo "status $?"
iconv --frob; echo "status $?"
iconv --usage; echo "status $?"
