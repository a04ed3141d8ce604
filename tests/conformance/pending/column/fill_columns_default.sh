seq 1 30 | COLUMNS=80 column
