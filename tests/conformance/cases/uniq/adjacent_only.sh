printf 'a\na\nb\na\na\n' | uniq
