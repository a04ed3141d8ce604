expr xabc : 'abc'; echo "status $?"
