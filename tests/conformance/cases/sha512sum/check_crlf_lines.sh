printf 'one\n' > a
sha512sum a | sed 's/$/\r/' > sums
sha512sum -c sums; echo "status $?"
