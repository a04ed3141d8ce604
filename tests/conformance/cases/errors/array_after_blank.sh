# check-stderr
# `a= (1 2)`: an empty assignment, then a `(` where no command may start,
# a syntax error; `a=(1 2)` is an array.
a=(1 2); echo "${a[1]}"
a= (1 2); echo "not reached"
