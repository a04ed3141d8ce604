printf 'abc     \n' | unexpand -a | sed -n l
