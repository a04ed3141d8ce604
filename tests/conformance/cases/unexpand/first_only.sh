printf '    a   b\n' | unexpand -t 4 --first-only | sed -n l
