# check-stderr
printf 'a\n' > f
diff -U x f f; echo "status $?"
