# check-stderr
tty; echo "status $?"; tty -s; echo "status $?"
