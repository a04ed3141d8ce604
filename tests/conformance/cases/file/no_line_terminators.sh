printf "hello" > a; file -b a
