# Summing columns of a table, grouped by key, with printf.
printf 'x 1 2\ny 3 4\nx 5 6\n' | awk '{ a[$1] += $2; b[$1] += $3 } END { for (k in a) printf "%s %d %d\n", k, a[k], b[k] }' | sort
