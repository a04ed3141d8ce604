printf 'one\n' | xz > a.xz; printf 'two\n' | xz > b.xz; printf 'mid\n' | xz > m.xz
xzcat a.xz - b.xz < m.xz; echo "status $?"
ls
