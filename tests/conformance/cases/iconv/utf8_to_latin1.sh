printf 'caf\303\251 na\303\257ve\n' | iconv -f UTF-8 -t ISO-8859-1 | od -An -c; echo "status $?"
