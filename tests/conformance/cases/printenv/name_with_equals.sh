export A1=x
printenv 'A1=x'; echo "status $?"
