printf 'a   b      c\n' | unexpand -t 4,11 | sed -n l
