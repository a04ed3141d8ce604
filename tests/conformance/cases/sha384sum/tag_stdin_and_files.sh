printf 'abc' | sha384sum --tag
printf 'one\n' > a; printf 'two\n' > 'b c'
sha384sum --tag a 'b c'
sha384sum --tag a 'b c' > sums; sha384sum -c sums; echo "status $?"
