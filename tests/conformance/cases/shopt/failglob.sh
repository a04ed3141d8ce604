# check-stderr
shopt -s failglob
echo *.none
echo "status=$?"
