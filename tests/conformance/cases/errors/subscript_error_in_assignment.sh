# check-stderr
a[1 +]=3
echo "not reached"
