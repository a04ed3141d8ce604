printf 'Hi\n' | iconv -f UTF-8 -t UTF-16 | od -An -tx1
