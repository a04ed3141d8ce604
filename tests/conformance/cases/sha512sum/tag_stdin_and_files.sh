printf 'abc' | sha512sum --tag
printf 'one\n' > a; printf 'two\n' > 'b c'
sha512sum --tag a 'b c'
sha512sum --tag a 'b c' > sums; sha512sum -c sums; echo "status $?"
