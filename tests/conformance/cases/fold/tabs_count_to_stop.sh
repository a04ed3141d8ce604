printf 'a\tbcdefghij\n' | fold -w 10 | sed -n l
