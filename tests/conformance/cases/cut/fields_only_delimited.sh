printf 'a:b\nnodelim\nc:d\n' | cut -s -d: -f2
