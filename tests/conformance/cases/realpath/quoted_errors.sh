# check-stderr
realpath ''; echo "status $?"; realpath -e 'a b/c'; echo "status $?"; readlink -fv ''; echo "status $?"
