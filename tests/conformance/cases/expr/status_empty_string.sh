expr ''; echo "status $?"
