# check-stderr
printf 'x' | iconv -f NOPE -t UTF-8; echo "status $?"
printf 'x' | iconv -f UTF-8 -t NOPE; echo "status $?"
printf 'x' | iconv -f NOPE -t ALSONOPE; echo "status $?"
