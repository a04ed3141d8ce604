printf 'abcdefg h\n' | unexpand -a | sed -n l
