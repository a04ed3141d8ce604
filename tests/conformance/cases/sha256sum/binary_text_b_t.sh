printf 'abc\r\n' > f
sha256sum -b f; sha256sum -t f; sha256sum --binary f; sha256sum --text f
sha256sum -b f > sums; cat sums; sha256sum -c sums; echo "status $?"
