# check-stderr
cat < nofile
echo $?
