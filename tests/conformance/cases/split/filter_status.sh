# check-stderr
seq 3 | split -l1 --filter='exit 3'; echo "[$?]"
seq 4 | split -n r/2 --filter='tr "\n" ,; echo " $FILE"'
seq 4 > in; split -n 2 --filter='cat; echo "<$FILE>"' in
split -n 1/2 --filter=cat in; echo "[$?]"
