# check-stderr
seq 1 100000 | sum
seq 1 100000 | sum --sysv
sum --bsd; echo "status $?"
