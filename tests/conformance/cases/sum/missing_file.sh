# check-stderr
printf 'x' > a; sum a nosuch; echo "status $?"
