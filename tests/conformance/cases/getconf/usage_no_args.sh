# check-stderr
getconf; echo $?
