printf '' | iconv -f UTF-8 -t UTF-16 | od -c
printf '' | iconv -f UTF-8 -t UTF-16LE | od -c
