expr substr hello 0 2; echo "status $?"; expr substr hello 9 1; echo "status $?"
