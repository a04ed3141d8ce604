printf 'a 1\nbb 100\n' | column -t -N k,v -R v
