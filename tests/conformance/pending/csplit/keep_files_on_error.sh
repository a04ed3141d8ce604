# check-stderr
seq 1 3 > in
csplit -k in 2 10; echo "status $?"; ls
