printf '[%.*s]\n' 2 abcdef
