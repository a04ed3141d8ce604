# check-stderr
read 'a-b' <<< hi
echo "status=$?"
