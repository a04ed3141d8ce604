# check-stderr
printf 'a\n' > f1
diff f1 nosuch; echo "status $?"
diff nosuch f1; echo "status $?"
