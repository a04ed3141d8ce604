printf 'a\377b c\nd e\n' | column -t | od -c
printf 'x\0y\n' | column | od -c
