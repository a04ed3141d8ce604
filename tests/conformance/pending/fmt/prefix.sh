printf '# one two three\n# four five\nplain\n' | fmt -w 12 -p '# '
