# check-stderr
echo before
e[x
echo after
