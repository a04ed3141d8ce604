# check-stderr
nproc x; echo "status $?"; nproc --ignore=x; echo "status $?"
