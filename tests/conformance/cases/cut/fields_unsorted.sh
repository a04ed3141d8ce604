printf '1:2:3:4:5\n' | cut -d: -f 4,2
