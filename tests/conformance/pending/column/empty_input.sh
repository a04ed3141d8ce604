printf '' | column -t; echo "status $?"
