# check-stderr
printf 'a\n' > x
comm --output-delimiter=: --output-delimiter=';' x x; echo "status $?"
comm x x x; echo "status $?"
comm; echo "status $?"
