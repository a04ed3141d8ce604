printf 'a\n' > a; printf 'b\n' > 'with space'
sha1sum a 'with space' > sums; sha1sum -c sums; echo "status $?"
