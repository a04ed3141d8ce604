# check-stderr
shopt -x
echo "status=$?"
shopt -s -u nullglob
echo "status=$?"
shopt -s nosuch
echo "status=$?"
shopt -o nosuch
echo "status=$?"
