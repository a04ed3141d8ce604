# check-stderr
export LC_ALL=C
tree -L 0; echo "status $?"
