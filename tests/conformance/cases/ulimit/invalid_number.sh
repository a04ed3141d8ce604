# check-stderr
ulimit -n abc; echo $?; ulimit -f 1.5; echo $?
