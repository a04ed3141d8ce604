printf 'abc\n' | cut -c 1-
