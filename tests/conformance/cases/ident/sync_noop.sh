# check-stderr
sync; echo "status $?"; touch f; sync f; echo "status $?"
