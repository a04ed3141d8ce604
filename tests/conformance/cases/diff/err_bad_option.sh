# check-stderr
diff --bogus a b; echo "status $?"
diff -Q a b; echo "status $?"
