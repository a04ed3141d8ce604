# check-stderr
v=abc
echo "${v:1:-5}"
echo "status=$?"
