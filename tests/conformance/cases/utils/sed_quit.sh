seq 5 | sed 2q
seq 5 | sed 3Q
seq 5 | sed '/4/q 7'; echo "status $?"
seq 5 | sed -n '3{p;q}'
seq 5 | sed '2Q3'; echo "status $?"
yes | sed 3q
yes | sed -n '2{p;q}'
