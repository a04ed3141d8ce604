# check-stderr
printf 'ab\303' | iconv -f UTF-8 -t ISO-8859-1; s=$?; echo; echo "status $s"
