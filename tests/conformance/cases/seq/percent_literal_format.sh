seq -f '%g%%' 1 2
