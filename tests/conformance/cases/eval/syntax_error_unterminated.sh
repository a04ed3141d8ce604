# check-stderr
eval 'echo "unterminated'
echo "status=$?"
