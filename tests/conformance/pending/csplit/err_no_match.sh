# check-stderr
seq 1 3 > in
csplit in '/nomatch/'; echo "status $?"; ls
