# check-stderr
ulimit -t 20; ulimit -Ht 10; echo $?; ulimit -t
