printf 'abc\n' | cut -d, -f1
