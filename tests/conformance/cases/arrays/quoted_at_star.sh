a=('x y' z)
for e in "${a[@]}"; do echo "[$e]"; done
for e in "${a[*]}"; do echo "<$e>"; done
for e in ${a[@]}; do echo "($e)"; done
