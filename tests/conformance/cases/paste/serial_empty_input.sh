printf '' | paste -s | sed -n l; echo "status $?"
