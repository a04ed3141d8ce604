# check-stderr
printf 'one\n' | xz > a.xz; printf 'two\n' | xz > b.xz
xzcat a.xz nosuch.xz b.xz; echo "status $?"
