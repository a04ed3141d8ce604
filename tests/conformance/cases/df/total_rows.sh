df --total . . | tail -n +2 | wc -l
df --total . | tail -n1 | awk '{print $NF}'
