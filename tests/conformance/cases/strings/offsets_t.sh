printf '\0\0\0\0hello\0\001\001world!\0' > f
strings -t d f
strings -t x f
strings -t o f
