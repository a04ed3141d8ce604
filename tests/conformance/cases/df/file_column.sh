df --output=file . | tr -s ' '
df --output=file | tail -n +2 | sort -u
