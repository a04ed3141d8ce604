printf 'a\tb\\c\n' | tr '\t\\' '_/'
