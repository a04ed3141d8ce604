# check-stderr
v=x
echo "${v@Z}"
echo "status=$?"
