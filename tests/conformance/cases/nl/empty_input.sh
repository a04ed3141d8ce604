printf '' | nl; echo "status $?"
