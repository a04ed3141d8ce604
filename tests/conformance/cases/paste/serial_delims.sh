printf 'a\nb\nc\nd\n' | paste -s -d ',+'
