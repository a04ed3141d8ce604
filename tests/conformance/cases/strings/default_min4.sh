printf 'ab\0abcd\0\001\002hello world\377xyz\0last' | strings; echo "status $?"
