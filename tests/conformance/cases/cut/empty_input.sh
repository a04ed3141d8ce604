printf '' | cut -f1; echo "status $?"
