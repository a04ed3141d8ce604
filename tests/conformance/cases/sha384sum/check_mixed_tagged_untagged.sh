printf 'one\n' > a; printf 'two\n' > b
{ sha384sum --tag a; sha384sum b; } > sums
sha384sum -c sums; echo "status $?"
printf 'X\n' > a
sha384sum -c sums; echo "status $?"
