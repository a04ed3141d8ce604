printf 'a\tbcdefghij\n' | fold -b -w 4 | sed -n l
