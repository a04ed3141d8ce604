printf '\t    a\n' | unexpand -t 4 | sed -n l
