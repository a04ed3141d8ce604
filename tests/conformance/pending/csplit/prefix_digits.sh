seq 1 4 > in
csplit -s -f part -n 3 in 2
ls part*
