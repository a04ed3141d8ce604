# check-stderr
touch f; chmod bogus f; echo "status $?"; chmod 8 f; echo "status $?"; chmod u+q f; echo "status $?"
