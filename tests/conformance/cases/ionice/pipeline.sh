echo abc | ionice -c 3 tr a-z A-Z
ionice -c 2 -n 4 sh -c 'echo $((1+2))'
