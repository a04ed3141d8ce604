printf 'a\na\nb\nc\nc\nc\nd\n' | uniq -D
