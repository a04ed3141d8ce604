printf 'a,b\r\nc,d\r\n' | cut -d, -f2 | sed 's/\r/<CR>/'
