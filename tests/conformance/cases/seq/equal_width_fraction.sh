seq -w 0.5 0.5 2
