# check-stderr
ulimit -n 5; echo hi 7>f; echo $?; echo ok 4>g; echo $?
