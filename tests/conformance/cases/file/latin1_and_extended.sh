printf "caf\351\n" > a; printf "a\200b\n" > b; file -b a b; file -i a b
