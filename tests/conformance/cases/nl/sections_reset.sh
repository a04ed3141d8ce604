printf 'a\nb\n\\:\\:\nc\nd\n' | nl -w 1 | sed -n l
