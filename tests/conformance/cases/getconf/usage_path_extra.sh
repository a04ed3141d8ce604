# check-stderr
getconf LONG_BIT /; echo $?; getconf PATH_MAX / /; echo $?
