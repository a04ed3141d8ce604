factor 0 1
