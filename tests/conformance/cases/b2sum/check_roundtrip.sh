printf 'a\n' > a; printf 'b\n' > b
b2sum a b > s; printf 'x\n' > b
b2sum -c s; echo "status $?"
