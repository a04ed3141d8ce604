printf 'a\nb\n\nc\n' | rev
