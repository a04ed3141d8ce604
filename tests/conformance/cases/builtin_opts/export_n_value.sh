# check-stderr
x=1
export x
export -n x=5
declare -p x
