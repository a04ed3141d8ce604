seq 1 4 | csplit -s - 3
cat xx01
