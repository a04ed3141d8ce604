printf 'A\303\251\342\202\254\n' | iconv -f UTF-8 -t UTF-16BE | od -An -tx1
