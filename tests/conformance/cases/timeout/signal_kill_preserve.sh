timeout -s KILL --preserve-status 0.1 sleep 0.3; echo "status $?"
