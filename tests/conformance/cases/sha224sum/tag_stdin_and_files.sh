printf 'abc' | sha224sum --tag
printf 'one\n' > a; printf 'two\n' > 'b c'
sha224sum --tag a 'b c'
sha224sum --tag a 'b c' > sums; sha224sum -c sums; echo "status $?"
