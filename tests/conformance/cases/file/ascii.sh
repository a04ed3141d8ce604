printf "hello\n" > a; file a; file -b a
