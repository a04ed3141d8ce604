timeout 0.005m sleep 0.3; echo "status $?"
