df . | head -n1 | tr -s ' '
df . | tail -n +2 | wc -l
df . | awk 'NR==2{print NF}'
