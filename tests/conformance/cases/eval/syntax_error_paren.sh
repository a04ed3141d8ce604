# check-stderr
eval 'echo )'
echo "status=$?"
