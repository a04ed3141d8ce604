line=$(seq -s, 1 2000)
printf '%s\n' "$line" | cut -d, -f1000,1999-
