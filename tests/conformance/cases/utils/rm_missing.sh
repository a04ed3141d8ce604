# check-stderr
rm nosuch
echo $?
