timeout 5 cat nosuch 2>/dev/null; echo "status $?"
