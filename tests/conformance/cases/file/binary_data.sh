printf "a\0b\1c" > a; file a; file -i a
