# check-stderr
seq 1 30 | split -l 1 -a 1 -d; echo "status $?"; ls | wc -l
