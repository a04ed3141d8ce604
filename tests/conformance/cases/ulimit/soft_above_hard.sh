# check-stderr
ulimit -Hn 50; ulimit -Sn 60; echo $?; ulimit -n
