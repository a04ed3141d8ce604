# check-stderr
echo a )
