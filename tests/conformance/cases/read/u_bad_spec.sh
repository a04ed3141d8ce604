# check-stderr
read -u x v
echo "status=$?"
read -u -1 v
echo "status=$?"
