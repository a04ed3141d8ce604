# check-stderr
printf '1 a\n' > x
join -o 1.0 x x; echo "status $?"
join -o 0.1 x x; echo "status $?"
join -t ab x x; echo "status $?"
join -t a -t b x x; echo "status $?"
join -1 2 -j 1 x x; echo "status $?"
join -a 3 x x; echo "status $?"
