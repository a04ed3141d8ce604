# check-stderr
touch f
cd f
echo $?
