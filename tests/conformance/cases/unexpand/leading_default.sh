printf '        a       b\n' | unexpand | sed -n l
