shuf -e a b c d | sort
