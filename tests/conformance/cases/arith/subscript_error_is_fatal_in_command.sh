# check-stderr
a=(1 2)
echo start
(( a[1+] = 3 ))
echo "not reached $?"
