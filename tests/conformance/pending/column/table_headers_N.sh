printf '1 2\n33 4\n' | column -t -N first,second
