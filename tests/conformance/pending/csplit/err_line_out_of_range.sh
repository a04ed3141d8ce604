# check-stderr
seq 1 3 > in
csplit in 10; echo "status $?"; ls
