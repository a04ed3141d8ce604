printf 'a\nb\n' > f2
printf 'a\nc\n' | diff - f2; echo "status $?"
printf 'a\nc\n' | diff -u f2 - | sed 1,2d
