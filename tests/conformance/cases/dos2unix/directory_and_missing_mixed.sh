# check-stderr
mkdir d; printf 'x\r\n' > f
dos2unix d nosuch f; echo "status $?"
od -c f
