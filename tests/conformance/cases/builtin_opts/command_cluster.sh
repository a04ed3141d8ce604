# check-stderr
command -pv echo
command -vV echo
command -Vv echo
command -- echo hi
command -Q echo
echo "status=$?"
