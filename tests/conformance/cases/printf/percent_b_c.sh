printf '%b|%b\n' 'a\cb' 'z'
