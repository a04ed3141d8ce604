factor 2 3 4 12 97 100
