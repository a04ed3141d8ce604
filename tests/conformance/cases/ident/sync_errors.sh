# check-stderr
sync nofile; echo "status $?"; sync -d; echo "status $?"; sync -df f; echo "status $?"
