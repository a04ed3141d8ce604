# check-stderr
declare -ix n=3+4
declare -p n
printenv n
