# check-stderr
mkdir d
echo x > d
echo $?
