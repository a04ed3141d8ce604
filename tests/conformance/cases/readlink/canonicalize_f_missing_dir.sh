readlink -f no/such; echo "status $?"
