printf 'abc' | sha1sum --tag
printf 'one\n' > a; printf 'two\n' > 'b c'
sha1sum --tag a 'b c'
sha1sum --tag a 'b c' > sums; sha1sum -c sums; echo "status $?"
