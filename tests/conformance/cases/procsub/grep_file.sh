grep -c o <(printf 'foo\nbar\nboo\n')
