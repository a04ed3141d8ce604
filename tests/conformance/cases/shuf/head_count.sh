shuf -i 1-100 -n 5 | wc -l
