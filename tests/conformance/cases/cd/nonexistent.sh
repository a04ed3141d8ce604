# check-stderr
cd nosuch
echo $?
