# check-stderr
touch a b; ln -s a b; echo "status $?"; readlink b; echo "status $?"
