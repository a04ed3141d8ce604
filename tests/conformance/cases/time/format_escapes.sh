command time -f 'a\tb\n%%' true 2>&1 | od -An -c
