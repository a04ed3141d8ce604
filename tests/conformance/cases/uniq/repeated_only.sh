printf 'a\na\nb\nc\nc\nd\n' | uniq -d
