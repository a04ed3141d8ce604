export XN=1; export -n XN
printenv XN; echo "status $?"
