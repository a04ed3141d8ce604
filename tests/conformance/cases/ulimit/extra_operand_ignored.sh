ulimit -n 33 44; echo $?; ulimit -n; ulimit -n -- 22; ulimit -n
