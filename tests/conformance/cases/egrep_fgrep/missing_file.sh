# check-stderr
egrep x nosuch; echo $?; fgrep x nosuch; echo $?
