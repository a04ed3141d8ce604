# check-stderr
seq 1 4 | split -l 2 --verbose
