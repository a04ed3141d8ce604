printf 'abc\r\n' > f
sha1sum -b f; sha1sum -t f; sha1sum --binary f; sha1sum --text f
sha1sum -b f > sums; cat sums; sha1sum -c sums; echo "status $?"
