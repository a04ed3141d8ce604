seq -3 -1
