# check-stderr
printf 'one\n' > a; printf 'two\n' > b
sha256sum a > s1; sha256sum b > s2; printf 'X\n' > b
sha256sum -c s1 s2 nosuch; echo "status $?"
