printf 'one\n' | xz > a.xz; printf 'two\n' | xz > b.xz
xzcat a.xz b.xz; echo "status $?"
cat a.xz b.xz > ab.xz; xzcat ab.xz
