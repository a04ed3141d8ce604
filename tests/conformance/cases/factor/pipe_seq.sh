seq 20 30 | factor
