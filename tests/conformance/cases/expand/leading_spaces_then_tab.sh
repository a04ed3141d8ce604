printf '  \tx\n' | expand -t 4 | sed -n l
