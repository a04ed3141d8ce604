printf '        x' | unexpand | sed -n l
