printf '' | od; echo "status $?"
