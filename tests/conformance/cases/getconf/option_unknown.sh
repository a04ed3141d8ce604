# check-stderr
getconf -x; echo $?
