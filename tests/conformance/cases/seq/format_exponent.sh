seq -f '%e' 1 2
