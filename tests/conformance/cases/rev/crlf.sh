printf 'ab\r\n' | rev | sed -n l
