shuf -i 1-10 | sort -n
