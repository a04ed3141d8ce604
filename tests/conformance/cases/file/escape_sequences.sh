printf "a\033[1mb\n" > e; file -b e
