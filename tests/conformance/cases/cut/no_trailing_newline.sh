printf 'abc:def' | cut -d: -f2
