# check-stderr
install; echo "status $?"; echo x > s; install s; echo "status $?"; install -d; echo "status $?"
