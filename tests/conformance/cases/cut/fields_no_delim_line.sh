printf 'a:b\nnodelim\nc:d\n' | cut -d: -f2
