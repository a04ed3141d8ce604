printf 'a\na' | uniq
