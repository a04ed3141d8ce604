which cat -a; echo "status $?"
