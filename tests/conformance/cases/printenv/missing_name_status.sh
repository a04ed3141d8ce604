export A1=one
printenv A1 NOPE_NOT_SET; echo "status $?"
