# check-stderr
mkdir d; ln -sT a d; echo "status $?"; ln -s a d; readlink d/a
