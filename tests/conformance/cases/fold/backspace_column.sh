printf 'abc\bdefgh\n' | fold -w 4 | sed -n l
