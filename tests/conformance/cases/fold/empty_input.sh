printf '' | fold; echo "status $?"
