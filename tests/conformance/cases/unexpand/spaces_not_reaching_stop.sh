printf 'a  b\n' | unexpand -a | sed -n l
