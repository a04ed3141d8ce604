# check-stderr
getconf PATH_MAX; echo $?
