# check-stderr
read -u 9 line
echo "status=$?"
