# check-stderr
ulimit -f 0x10; echo $?; ulimit -f 010; ulimit -f
