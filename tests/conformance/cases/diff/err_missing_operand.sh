# check-stderr
diff; echo "status $?"
printf 'a\n' > f
diff f; echo "status $?"
diff f f f; echo "status $?"
