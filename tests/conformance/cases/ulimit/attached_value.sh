# check-stderr
ulimit -n21; ulimit -n; ulimit -cn 5; echo $?
