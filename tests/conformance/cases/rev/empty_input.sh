printf '' | rev; echo "status $?"
