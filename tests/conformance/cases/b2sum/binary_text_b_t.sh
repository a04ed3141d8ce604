printf 'abc\r\n' > f
b2sum -b f; b2sum -t f; b2sum --binary f; b2sum --text f
b2sum -b f > sums; cat sums; b2sum -c sums; echo "status $?"
