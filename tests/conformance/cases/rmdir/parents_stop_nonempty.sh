# check-stderr
mkdir -p x/y; touch x/f; rmdir -p x/y; echo "status $?"; ls x
