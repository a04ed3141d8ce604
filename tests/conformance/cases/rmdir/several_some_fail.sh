# check-stderr
mkdir a c; touch b; rmdir a b c; echo "status $?"; ls
