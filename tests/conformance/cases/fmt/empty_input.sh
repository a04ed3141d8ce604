printf '' | fmt; echo "status $?"
