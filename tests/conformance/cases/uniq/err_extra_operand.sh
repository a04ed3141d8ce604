# check-stderr
uniq a b c; echo "status $?"
