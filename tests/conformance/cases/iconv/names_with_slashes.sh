# check-stderr
printf 'x\n' | iconv -f UTF-8/ -t /; echo "status $?"
printf 'x\n' | iconv -f UTF-8 -t 'ASCII///TRANSLIT'; echo "status $?"
printf 'x\n' | iconv -f UTF-8 -t ASCII/TRANSLIT; echo "status $?"
printf '\303\251\n' | iconv -t //TRANSLIT; echo "status $?"
printf '\303\251\n' | iconv; echo "status $?"
