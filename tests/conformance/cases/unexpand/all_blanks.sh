printf 'a       b       c\n' | unexpand -a | sed -n l
