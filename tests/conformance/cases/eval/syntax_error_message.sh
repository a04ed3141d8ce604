# check-stderr
eval 'if then'
echo "status=$?"
