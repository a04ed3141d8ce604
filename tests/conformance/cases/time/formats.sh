# check-stderr
command time -f '%C [%x]' true 2>&1
command time -f '%x' sh -c 'exit 3' 2>&1; echo "[$?]"
command time -p true 2>&1 | awk '{print $1}'
command time -f 'X' -o t.out true; cat t.out
command time -a -o t.out -f 'Y' true; cat t.out
