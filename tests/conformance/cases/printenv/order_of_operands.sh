export A1=1 B1=2
printenv B1 A1 B1
