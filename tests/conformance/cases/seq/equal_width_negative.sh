seq -w -5 5 10
