# check-stderr
declare +Q v
echo "status=$?"
