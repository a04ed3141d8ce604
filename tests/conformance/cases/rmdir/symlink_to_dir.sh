# check-stderr
mkdir d; ln -s d l; rmdir l; echo "status $?"; ls
