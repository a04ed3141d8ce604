timeout 5 echo done; echo "status $?"
