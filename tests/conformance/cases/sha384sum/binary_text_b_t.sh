printf 'abc\r\n' > f
sha384sum -b f; sha384sum -t f; sha384sum --binary f; sha384sum --text f
sha384sum -b f > sums; cat sums; sha384sum -c sums; echo "status $?"
