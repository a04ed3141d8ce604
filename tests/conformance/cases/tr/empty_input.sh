printf '' | tr a b; echo "status $?"
