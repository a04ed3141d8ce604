printf 'a\na\nb\nc\nc\n' | uniq --group=prepend
