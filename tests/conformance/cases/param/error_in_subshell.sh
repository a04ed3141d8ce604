# check-stderr
( unset v; echo ${v?gone} )
echo "status $?"
