printf 'a\r\na\n' | uniq -c | sed 's/\r/<CR>/'
