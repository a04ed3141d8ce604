# check-stderr
export -- A=1 B=2
printenv A B
