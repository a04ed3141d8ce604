printf "a\r\nb\r\n" > a; printf "a\rb\r" > b; printf "a\r\nb\n" > c; file -b a b c
