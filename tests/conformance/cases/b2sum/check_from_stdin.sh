printf 'one\n' > a
b2sum a | b2sum -c; echo "status $?"
b2sum a > sums; b2sum -c - < sums; echo "status $?"
b2sum --check < sums; echo "status $?"
