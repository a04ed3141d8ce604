printf 'a\r\nb\r\n' | tac | sed -n l
