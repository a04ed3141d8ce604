# check-stderr
ulimit -f 99999999999999999999; echo $?; ulimit -n ""; echo $?
