printf 'first\n' | xz > a.xz; printf 'second\n' | xz > b.xz
cat a.xz b.xz > ab.xz
xzcat ab.xz; echo "status $?"
cat ab.xz | xzcat
