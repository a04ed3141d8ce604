printf 'aa bb cc dd ee ff gg hh\n' | fmt -w 12 -g 8
