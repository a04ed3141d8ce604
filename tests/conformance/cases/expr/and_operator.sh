expr 3 \& 4; expr 0 \& 4; echo "status $?"
