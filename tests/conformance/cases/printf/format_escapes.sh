printf 'a\tb\\c\101\n'
