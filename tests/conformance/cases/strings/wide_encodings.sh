printf 'xh\0e\0l\0l\0o\0\1\0w\0i\0d\0e\0' | strings -el -td
printf '\0a\0b\0c\0d\0\1\0e\0f' | strings -eb
printf 'h\0\0\0i\0\0\0y\0\0\0a\0\0\0' | strings -eL -n 3
printf 'abc\0defgh\0' | strings -n 3 -s '|'; echo
