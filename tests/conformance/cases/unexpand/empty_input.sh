printf '' | unexpand; echo "status $?"
