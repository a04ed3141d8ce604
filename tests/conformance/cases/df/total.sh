df --total . | tail -n1 | awk '{print $1, NF}'
df --total --output=target . | tail -n1
