printf 'a\nb\n' | cat -n
