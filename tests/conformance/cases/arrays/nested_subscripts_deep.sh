# Subscripts nested five deep in an ordinary word: bash evaluates them all.
a=(1 2 3); b=(0 1); c=(0 1); d=(1 0); e=(1)
echo "${a[${b[${c[${d[${e[0]}]}]}]}]}"
i=${a[${b[${c[${d[${e[0]}]}]}]}]}
echo "$i"
