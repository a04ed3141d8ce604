printf '' | shuf; echo "status $?"
