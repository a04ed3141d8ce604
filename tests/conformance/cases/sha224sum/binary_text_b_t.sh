printf 'abc\r\n' > f
sha224sum -b f; sha224sum -t f; sha224sum --binary f; sha224sum --text f
sha224sum -b f > sums; cat sums; sha224sum -c sums; echo "status $?"
