export A1=one B1=two
printenv A1 B1
