kill -l 1 2 15 INT SIGTERM usr1 137 0 EXIT
kill -L 9
echo "status $?"
