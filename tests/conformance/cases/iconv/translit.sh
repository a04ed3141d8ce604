printf 'caf\303\251 \342\202\254 \342\200\234q\342\200\235\n' | iconv -f UTF-8 -t ASCII//TRANSLIT; echo "status $?"
