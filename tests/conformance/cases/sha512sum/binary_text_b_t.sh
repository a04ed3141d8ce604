printf 'abc\r\n' > f
sha512sum -b f; sha512sum -t f; sha512sum --binary f; sha512sum --text f
sha512sum -b f > sums; cat sums; sha512sum -c sums; echo "status $?"
