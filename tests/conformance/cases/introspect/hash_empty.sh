# check-stderr
hash -r
hash
echo "status=$?"
