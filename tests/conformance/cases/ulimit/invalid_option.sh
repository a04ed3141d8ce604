# check-stderr
ulimit -z; echo $?; ulimit -n -1; echo $?
