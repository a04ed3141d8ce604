# check-stderr
umask 8; echo "status $?"
umask 0778; echo "status $?"; umask
