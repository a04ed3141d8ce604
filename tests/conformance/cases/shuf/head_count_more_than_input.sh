shuf -e x y -n 10 | sort
