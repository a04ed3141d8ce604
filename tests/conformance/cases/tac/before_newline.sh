printf 'a\nb\nc\n' | tac -b | sed -n l
