# check-stderr
getconf NOPE; echo $?; getconf path_max /; echo $?
