seq 1 12 | COLUMNS=40 column -x
