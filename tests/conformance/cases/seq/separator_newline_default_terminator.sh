seq -s , 1 3 | sed -n l
