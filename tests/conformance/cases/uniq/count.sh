printf 'a\na\nb\nc\nc\nc\n' | uniq -c
